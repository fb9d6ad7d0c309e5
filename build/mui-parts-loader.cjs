// In a remote's build, after SWC: each name our code imports from `@mui/material` that the shell
// provides in the second part of its MUI (build/shared/mui-more.js) is imported from that shared
// module instead, so a remote's code imports MUI as MUI's documentation does and an owner's session
// never loads the part only other remotes use (docs/adr/0037-session-weight.md, third addendum).
// Only named imports are split; MuiSurfacePlugin fails the build on any other import of such a name.

/** `import { A, B as C } from '@mui/material';` as SWC writes it (one statement, no types). */
const MUI_IMPORT = /\bimport\s*\{([^}]*)\}\s*from\s*(['"])@mui\/material\2;?/g;

/**
 * `source` with each named import from `@mui/material` split in two: the names in `more` from
 * `moreRequest`, the others from `@mui/material` as before. A statement keeps its line count, so
 * the source map SWC made still holds.
 * @param {string} source
 * @param {Set<string>} more
 * @param {string} moreRequest
 */
function splitMuiImports(source, more, moreRequest) {
  return source.replace(MUI_IMPORT, (statement, list) => {
    const specifiers = list
      .split(',')
      .map((specifier) => specifier.trim())
      .filter(Boolean);
    const moved = specifiers.filter((specifier) => more.has(specifier.split(/\s+as\s+/)[0]));
    if (moved.length === 0) return statement;
    const kept = specifiers.filter((specifier) => !moved.includes(specifier));
    const imports = [
      ...(kept.length > 0 ? [`import { ${kept.join(', ')} } from '@mui/material';`] : []),
      `import { ${moved.join(', ')} } from '${moreRequest}';`,
    ];
    return imports.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
  });
}

/** @this {import('webpack').LoaderContext<{ names: string[], request: string }>} */
function muiPartsLoader(source, map) {
  const { names, request } = this.getOptions();
  this.callback(null, splitMuiImports(source, new Set(names), request), map);
}

module.exports = muiPartsLoader;
module.exports.splitMuiImports = splitMuiImports;
