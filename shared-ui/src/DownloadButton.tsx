// The one way to download (docs/page-kit.md): a button with a download icon that names the file
// type, "Download PDF". A file the server serves is a link styled as the button (`href`, the
// browser saves it); a file made in the page (a CSV, recovery codes) is a button (`onClick`); a
// report the dashboard fetches first is a link to its download page (`to`).
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Button, SvgIcon, type ButtonProps } from '@mui/material';

export function DownloadIcon() {
  return (
    <SvgIcon fontSize="small" aria-hidden>
      <path d="M5 20h14v-2H5v2zm14-9h-4V3H9v8H5l7 7 7-7z" />
    </SvgIcon>
  );
}

type Target =
  | { href: string; onClick?: never; to?: never }
  | { onClick: () => void; href?: never; to?: never }
  | { to: string; state?: unknown; href?: never; onClick?: never };

export type DownloadButtonProps = Target & {
  /** The file's type as people know it: "PDF", "CSV", "TXT". */
  fileType: string;
  /** What is downloaded, when the page has more than one ("invoice 2026-11"): read by screen readers. */
  what?: string;
  /** The saved file's name (only with `href`). */
  fileName?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  disabled?: boolean;
  /** Words instead of "Download {fileType}" (keep the file type in them). */
  children?: ReactNode;
};

export function DownloadButton({
  fileType,
  what,
  fileName,
  variant = 'outlined',
  size,
  disabled,
  children,
  ...target
}: DownloadButtonProps) {
  const label = `Download ${fileType}`;
  const common = {
    variant,
    size,
    disabled,
    startIcon: <DownloadIcon />,
    // One line in a narrow table column too.
    sx: { whiteSpace: 'nowrap', flexShrink: 0 },
    'aria-label': what ? `${label}: ${what}` : undefined,
  };
  if (target.to !== undefined) {
    return (
      <Button {...common} component={RouterLink} to={target.to} state={target.state}>
        {children ?? label}
      </Button>
    );
  }
  if (target.href !== undefined) {
    return (
      <Button {...common} href={target.href} download={fileName ?? true}>
        {children ?? label}
      </Button>
    );
  }
  return (
    <Button {...common} onClick={target.onClick}>
      {children ?? label}
    </Button>
  );
}
