import { createContext, useContext, type ReactNode } from 'react';
import type { FeatureSlice } from '@hostdash/shared-auth';
import type { ClientConfig } from '../config';

export interface ShellServices {
  config: ClientConfig;
  injectFeature: (slice: FeatureSlice) => void;
}

const ShellContext = createContext<ShellServices | null>(null);

export function ShellProvider({
  services,
  children,
}: {
  services: ShellServices;
  children: ReactNode;
}) {
  return <ShellContext.Provider value={services}>{children}</ShellContext.Provider>;
}

function useShell(): ShellServices {
  const services = useContext(ShellContext);
  if (!services) throw new Error('useShell must be used inside <ShellProvider>');
  return services;
}

export const useInjectFeature = () => useShell().injectFeature;
export const useClientConfig = () => useShell().config;
