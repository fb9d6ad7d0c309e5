// The page frame's widths (docs/page-kit.md), here rather than in shared-ui so that the shell's
// own pages, which do not bundle shared-ui, follow the same numbers as every remote's PageFrame.

/** The readable width of a form page, in px: about 75 characters of body text. */
export const FORM_PAGE_WIDTH = 880;
