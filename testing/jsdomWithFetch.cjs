// jsdom with the browser's fetch: jsdom has none, so a test of code that calls fetch (the guest
// page's API client, shared-auth/src/fetchClient.ts) gets Node's, with the Headers, Request,
// Response and AbortSignal it takes (a jsdom AbortSignal is not one to Node's fetch). Everything
// else stays jsdom's: its XMLHttpRequest, Blob and File.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, {
      fetch,
      Headers,
      Request,
      Response,
      AbortController,
      AbortSignal,
    });
  }
}

module.exports = JsdomWithFetch;
