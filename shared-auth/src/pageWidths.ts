// The page frame's widths (docs/page-kit.md), here rather than in shared-ui so that the shell's
// own pages, which do not bundle shared-ui, follow the same numbers as every remote's PageFrame.

/** The navigation's width when it is a side panel (a wide screen), in px. */
export const NAVIGATION_WIDTH = 232;

/** The readable width of a form page, in px: about 75 characters of body text. */
export const FORM_PAGE_WIDTH = 880;

/** `list`: tables, calendars, dashboards (the full width). `form`: forms, settings, one record. */
export type PageWidth = 'list' | 'form';

/** The most a page's content takes, by its kind. */
export const PAGE_MAX_WIDTH: Record<PageWidth, number | 'none'> = {
  list: 'none',
  form: FORM_PAGE_WIDTH,
};
