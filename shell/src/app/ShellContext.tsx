import { createContext, useContext, type ReactNode } from 'react';
import type { FeatureSlice } from '@hostdash/shared-auth';
import type { ClientConfig } from '../config';

const ConfigContext = createContext<ClientConfig | null>(null);

/** The page's configuration (what the shell server put in it), for every part of the shell. */
export function ShellProvider({ config, children }: { config: ClientConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

export function useClientConfig(): ClientConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useClientConfig must be used inside <ShellProvider>');
  return config;
}

type InjectFeature = (slice: FeatureSlice) => void;

const FeatureInjectionContext = createContext<InjectFeature | null>(null);

/** Inside the dashboard: how a mounted remote's slice and saga join the one store. */
export function FeatureInjectionProvider({
  injectFeature,
  children,
}: {
  injectFeature: InjectFeature;
  children: ReactNode;
}) {
  return (
    <FeatureInjectionContext.Provider value={injectFeature}>
      {children}
    </FeatureInjectionContext.Provider>
  );
}

export function useInjectFeature(): InjectFeature {
  const injectFeature = useContext(FeatureInjectionContext);
  if (!injectFeature) throw new Error('useInjectFeature must be used inside the dashboard');
  return injectFeature;
}
