// The top of every page: breadcrumbs on a detail page, the title as the page's one h1, a subtitle,
// and the page's actions in one place (right of the title on a wide screen, under it on a phone).
// It also names the browser tab: "Risks · Hostdash".
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Breadcrumbs, Link, Stack, Typography } from '@mui/material';
import { documentTitleOf } from '@hostdash/shared-auth';

export interface Crumb {
  label: string;
  /** In-app path; the last crumb (this page) has none. */
  to?: string;
}

export interface PageHeaderProps {
  title: ReactNode;
  /** The tab's title when `title` is not plain text (e.g. a listing's name with a chip). */
  documentTitle?: string;
  subtitle?: ReactNode;
  /** Buttons and links for the whole page, most important last (it sits at the right edge). */
  actions?: ReactNode;
  /** The way back from a detail page: `[{ label: 'Listings', to: '/listings' }]`. */
  breadcrumbs?: readonly Crumb[];
}

/** Names the browser tab while the calling page is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = documentTitleOf(title);
  }, [title]);
}

export function PageHeader({
  title,
  documentTitle,
  subtitle,
  actions,
  breadcrumbs,
}: PageHeaderProps) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <Box component="header" sx={{ mb: 2 }}>
      {breadcrumbs && breadcrumbs.length > 0 && (
        <Breadcrumbs aria-label="Breadcrumbs" sx={{ mb: 1 }}>
          {breadcrumbs.map((crumb) =>
            crumb.to ? (
              <Link key={crumb.label} component={RouterLink} to={crumb.to} underline="hover">
                {crumb.label}
              </Link>
            ) : (
              <Typography key={crumb.label} color="textPrimary" aria-current="page">
                {crumb.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 2 }}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="textSecondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && (
          // Never narrower than its buttons: a long subtitle wraps instead of pushing them out.
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, flexShrink: 0 }}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
