// react-router 7 needs TextEncoder/TextDecoder, which jsdom does not provide.
const { TextEncoder, TextDecoder } = require('node:util');

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom works out an element's style (which every role query asks, to tell what is hidden) by
// matching it against every rule on the page, and a `:has()` rule costs it a walk of the element's
// subtree with its selector parsed again, each time. MUI's selects bring such rules (their padding
// beside an adornment), so each page with a select paid it for every element of every query: a
// fifth of the remotes' test time. No test reads those rules, so emotion does not insert them here.
if (typeof window !== 'undefined') {
  const { StyleSheet } = require('@emotion/sheet');
  const insert = StyleSheet.prototype.insert;
  StyleSheet.prototype.insert = function insertWithoutHas(rule) {
    if (!rule.includes(':has(')) insert.call(this, rule);
  };
}
