// Text the server writes into a page's HTML, as an element's text or an attribute's value.

/** `text` with every character HTML gives a meaning escaped: safe in text and in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}
