// Running the remote alone, for its own team's work (`npm start -w @hostdash/mfe-billing`).
import { renderStandaloneFeature } from '@hostdash/shared-ui';
import { feature } from './feature';

renderStandaloneFeature(feature);
