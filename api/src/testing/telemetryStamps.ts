// Telemetry stamps as the shell server's proxy makes them: its own signer (node:crypto only), so
// the API's tests of what a stamp vouches for also test that the two servers agree on the format.
export { signStamp, stampKey, telemetryUserHash } from '../../../shell/server/telemetryStamp';
