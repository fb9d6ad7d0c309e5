// What the shell provides to the page as the shared singleton `@hostdash/mui-internals` (issue 34):
// the modules of @mui/system and @mui/utils that MUI X (@mui/x-charts, @mui/x-internals) imports by
// path, one namespace each. `@mui/material` does not re-export them all, so each remote with a
// chart bundled its own copy of them and of the system core they bring (createStyled's theme and
// sx functions), loaded again beside the shell's on /analytics. In a remote's build, each path
// here imported from MUI X is answered by a shim that reads the namespace from this shared module
// (build/webpack.federation.cjs, muiInternalShims); the shell loads this file in the same chunk as
// its MUI (shell/src/remotes/sharedModules.ts), so the page runs the very modules MUI runs. A path
// MUI X imports that is not here is bundled into the remote as before (the byte budget test names
// the copy): add its line here.
export * as utilsComposeClasses from '@mui/utils/composeClasses';
export * as utilsGenerateUtilityClass from '@mui/utils/generateUtilityClass';
export * as utilsGenerateUtilityClasses from '@mui/utils/generateUtilityClasses';
export * as utilsHTMLElementType from '@mui/utils/HTMLElementType';
export * as utilsOwnerWindow from '@mui/utils/ownerWindow';
export * as utilsResolveProps from '@mui/utils/resolveProps';
export * as utilsUseEnhancedEffect from '@mui/utils/useEnhancedEffect';
export * as utilsUseEventCallback from '@mui/utils/useEventCallback';
export * as utilsUseForkRef from '@mui/utils/useForkRef';
export * as utilsUseId from '@mui/utils/useId';
export * as utilsUseLazyRef from '@mui/utils/useLazyRef';
export * as utilsUseSlotProps from '@mui/utils/useSlotProps';
export * as systemCreateStyled from '@mui/system/createStyled';
export * as systemRtlProvider from '@mui/system/RtlProvider';
