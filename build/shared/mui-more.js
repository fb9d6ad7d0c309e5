// The part of MUI the shell provides as the shared singleton `@hostdash/mui-more` (issue 34): the
// modules only some remotes use (the admin area's, onboarding's and the guest portal's tabs,
// switches, radios and steppers), which an owner's session never renders. The shell loads it when
// the first remote that imports one of them loads (shell/src/remotes/sharedModules.ts), not with
// the rest of MUI (build/shared/mui.js). A remote still imports these names from `@mui/material`:
// its build sends each of them here (build/mui-parts-loader.cjs). To move a module between the two
// files, move its two lines; a name here must not be one the guest page provides
// (build/shared/mui-guest.js), which has no second part. Each line names the module's own folder,
// as in mui.js, so both files run MUI's own modules.
export { default as Collapse } from '@mui/material/Collapse';
export * from '@mui/material/Collapse';
export { default as FormGroup } from '@mui/material/FormGroup';
export * from '@mui/material/FormGroup';
export { default as Radio } from '@mui/material/Radio';
export * from '@mui/material/Radio';
export { default as RadioGroup } from '@mui/material/RadioGroup';
export * from '@mui/material/RadioGroup';
export { default as Step } from '@mui/material/Step';
export * from '@mui/material/Step';
export { default as StepLabel } from '@mui/material/StepLabel';
export * from '@mui/material/StepLabel';
export { default as Stepper } from '@mui/material/Stepper';
export * from '@mui/material/Stepper';
export { default as Switch } from '@mui/material/Switch';
export * from '@mui/material/Switch';
export { default as Tab } from '@mui/material/Tab';
export * from '@mui/material/Tab';
export { default as TableFooter } from '@mui/material/TableFooter';
export * from '@mui/material/TableFooter';
export { default as Tabs } from '@mui/material/Tabs';
export * from '@mui/material/Tabs';
