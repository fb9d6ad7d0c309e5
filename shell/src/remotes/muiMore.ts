// The second part of MUI the shell provides (build/shared/mui-more.js), asked for from here: this
// module is in the chunk of the first part (sharedModules.ts), so webpack leaves out of the second
// part's chunk every module the first part's chunk already has (the switch base under Checkbox and
// Switch, MUI's utilities) instead of writing them into both.
export const loadMuiMore = () => import(/* webpackChunkName: "mui-more" */ '@hostdash/mui-more');
