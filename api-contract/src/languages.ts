// The languages a browser asks for (`Accept-Language`, issue 34, docs/adr/0036): the API picks a
// guest's language with it, and the shell server preloads the words of the same language with the
// guest's page (docs/adr/0035), so the two read the header the same way by construction.

/** A language tag's language: `de-DE` → `de`, `pt-BR` → `pt`, `IT` → `it`. */
export const primaryLanguage = (tag: string): string =>
  tag.trim().toLowerCase().split('-')[0] ?? '';

/**
 * The languages an `Accept-Language` header asks for, best first: by q-value, equal ones in the
 * header's order, without those it refuses (`q=0`) or whose q is not a number. A region falls
 * back to its language (`de-DE`, `pt-BR` → `de`, `pt`); `*` stays `*` ("anything").
 */
export function acceptedLanguages(acceptLanguage: string | undefined): string[] {
  return (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const q = qParam === undefined ? 1 : Number(qParam.slice(2));
      return { language: primaryLanguage(tag), q, order };
    })
    .filter(({ language, q }) => language !== '' && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ language }) => language);
}
