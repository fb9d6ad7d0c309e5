// MUI as the shell provides it to the remotes: in the shell's build, `@mui/material` in this file is
// the remotes' part of MUI (build/shared/mui.js, by a rule of build/webpack.federation.cjs that
// names this file), in the chunk "mui". sharedModules.ts provides it; a signed-in page load of a
// remote's page starts it at once (bootstrap.tsx). Anywhere else, `@mui/material` is the whole
// barrel: warming that instead loaded every MUI component on such a page load, about 50 KB gzip no
// page used.
export const loadSharedMui = () => import(/* webpackChunkName: "mui" */ '@mui/material');
