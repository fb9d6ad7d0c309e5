// The widget host (ADR 17): mounts a widget another remote exposes inside a remote's page, as a
// single-spa parcel with the page's store, theme and navigation and the props the page gave it.
// Contained like a page: a widget that is not deployed, built for another contract, slow, broken or
// throwing while it renders leaves a calm sentence in its box, and the page around it works on.
//
// The host is made by the shell (`createWidgetHost`) and handed to each remote in FeatureProps: a
// remote's page renders inside the remote's own React root, where the shell's contexts do not
// reach, so what the host needs from the shell (injecting a slice) is bound when it is made.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import type { Parcel } from 'single-spa';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { FeatureSlice, WidgetProps, WidgetRequest } from '@hostdash/shared-auth';
import { reportRemoteFailure } from './failureReport';
import { loadWidget } from './loader';
import { mountContained, unmountWhenMounted } from './parcels';

type Phase = 'loading' | 'mounted' | 'failed';

export function createWidgetHost(injectFeature: (slice: FeatureSlice) => void) {
  return function RemoteWidget({ app, name, props, unavailable, label }: WidgetRequest) {
    const store = useStore();
    const navigate = useNavigate();
    const theme = useTheme();
    const hostRef = useRef<HTMLDivElement>(null);
    const parcelRef = useRef<Parcel | null>(null);
    const [phase, setPhase] = useState<Phase>('loading');
    const propsRef = useRef<WidgetProps>({ store, theme, navigate, props });
    propsRef.current = { store, theme, navigate, props };
    const key = JSON.stringify(props);

    useEffect(() => {
      let active = true;
      let loaded = false;
      const host = hostRef.current;
      const fail = (error: unknown) => {
        if (!active) return;
        console.error(`[remotes] the ${app}/${name} widget failed:`, error);
        reportRemoteFailure(app, error, { loaded, module: name });
        setPhase('failed');
      };
      loadWidget(app, name)
        .then(async (widget) => {
          if (!active || !host) return;
          loaded = true;
          if (widget.slice) injectFeature(widget.slice);
          const parcel = mountContained(widget, propsRef.current, host, fail);
          parcelRef.current = parcel;
          await parcel.mountPromise;
          if (active) setPhase('mounted');
        })
        .catch(fail);
      return () => {
        active = false;
        const parcel = parcelRef.current;
        parcelRef.current = null;
        if (!parcel) return;
        unmountWhenMounted(parcel).catch((error: unknown) =>
          console.error(`[remotes] ${app}/${name} failed to unmount`, error),
        );
      };
    }, [app, name]);

    // New props from the page (another listing): the mounted widget is updated, not remounted.
    useEffect(() => {
      const parcel = parcelRef.current;
      if (phase !== 'mounted' || !parcel?.update) return;
      if (parcel.getStatus() === 'MOUNTED')
        parcel
          .update({ ...propsRef.current })
          .catch((error: unknown) =>
            console.error(`[remotes] ${app}/${name} failed to update`, error),
          );
    }, [app, name, phase, key]);

    return (
      <Box component="section" aria-label={label} sx={{ position: 'relative' }}>
        {phase === 'failed' && (
          <Alert severity="warning" variant="outlined" role="status">
            {unavailable}
          </Alert>
        )}
        <div ref={hostRef} hidden={phase === 'failed'} data-widget={`${app}/${name}`} />
      </Box>
    );
  };
}
