/** `source` with each named import from `@mui/material` of a name in `more` sent to `moreRequest`. */
export function splitMuiImports(source: string, more: Set<string>, moreRequest: string): string;
