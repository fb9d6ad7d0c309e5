// Whether this API takes traffic: false from the moment it starts shutting down (src/lifecycle/
// shutdown.ts), so /health/ready sends the load balancer elsewhere while it finishes what it has.
export interface Readiness {
  readonly draining: boolean;
  beginDraining(): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    beginDraining() {
      draining = true;
    },
  };
}
