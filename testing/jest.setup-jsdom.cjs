// react-router 7 needs TextEncoder/TextDecoder, which jsdom does not provide.
const { TextEncoder, TextDecoder } = require('node:util');

Object.assign(globalThis, { TextEncoder, TextDecoder });

// Emotion's rules are left out of the document unless a test file asks for them (`keepStyles()`
// from @hostdash/testing/styles). jsdom works out an element's style, which every role query asks
// to tell what is hidden, by matching it against every rule on the page: with MUI's rules in the
// document that was a quarter of the remotes' test time (and a `:has()` rule, MUI's select padding
// beside an adornment, cost a walk of the element's subtree with its selector parsed again, each
// time). Few tests read what CSS decides; those that do keep it, the rest read the DOM, its
// attributes and its inline styles, as before. A `:has()` rule is left out even then: no test
// reads one.
if (typeof window !== 'undefined') {
  const { StyleSheet } = require('@emotion/sheet');
  const insert = StyleSheet.prototype.insert;
  StyleSheet.prototype.insert = function insertWhenKept(rule) {
    if (globalThis.__hostdashKeepStyles === true && !rule.includes(':has('))
      insert.call(this, rule);
  };
}
