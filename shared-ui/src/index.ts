// @hostdash/shared-ui: the one public entry (re-exports only).
export * from './EmptyState';
export * from './LoadError';
export * from './useDelayed';
export * from './VerificationChip';
export * from './RiskChip';
export * from './StatCard';
export * from './renderStandalone';
export * from './SearchField';
export * from './ListPagination';
export * from './DetailPlaceholder';
export * from './lazyPage';
export * from './PlaceholderRows';
export * from './ResponsiveList';
export * from './PageHeader';
export * from './ConfirmDialog';
export * from './useUnsavedChangesGuard';
export * from './UnsavedChangesDialog';
