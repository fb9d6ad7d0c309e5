// A list of rows every page shows alike: a table from the `md` breakpoint up; on a phone a list of
// cards, one per row, with every value that matters readable without scrolling sideways. The page
// says, per column, what a card makes of it: `primary` (the card's heading lines), `secondary`
// (label and value, the default) or `hidden` (left out on a phone: repeated elsewhere, or an
// action the card shows another way). Sorting, selection and the footer (pagination) work the same
// in both layouts.
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import {
  Box,
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { SortKey } from '@hostdash/shared-auth';
import { EmptyState } from './EmptyState';
import { PlaceholderRows } from './PlaceholderRows';
import { useScrollRegion } from './useScrollRegion';

export type PhonePlace = 'primary' | 'secondary' | 'hidden';

export interface ListColumn<Row> {
  /** A stable key; the sort field, when `sortable`. */
  key: string;
  /** The column's header, and the label of its value on a card. */
  header: string;
  render: (row: Row, index: number) => ReactNode;
  /** Where a card puts it (default `secondary`). */
  phone?: PhonePlace;
  sortable?: boolean;
  /** A fixed width on the table (`'24%'`, `120`): the columns do not move when rows arrive. */
  width?: string | number;
  align?: 'left' | 'right';
}

export interface ListSelection<Row> {
  isSelected: (row: Row) => boolean;
  onToggle: (row: Row) => void;
  onTogglePage: () => void;
  /** How the checkbox of a row reads to a screen reader ("Select Harbour Loft"). */
  rowLabel: (row: Row) => string;
  /** The page's checkbox ("Select all listings on this page"). */
  pageLabel: string;
  disabled?: boolean;
}

export interface ResponsiveListProps<Row> {
  /** The table's or the list's accessible name. */
  label: string;
  columns: ListColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** A request is running: rows are dimmed, or placeholders hold the first page's space. */
  loading?: boolean;
  /** Show the placeholders' skeletons (after the lazy-load delay); before that they stay blank. */
  showSkeleton?: boolean;
  /** Placeholder rows or cards while the first page loads (default 10; 0: none). */
  placeholders?: number;
  /** A typical row's height on the table, in px (placeholders take it). */
  rowHeight?: number;
  sort?: SortKey | null;
  onSort?: (field: string) => void;
  selection?: ListSelection<Row>;
  empty?: { title: string; text?: ReactNode };
  /** Below the rows, in both layouts: the pagination. */
  footer?: ReactNode;
  /** The table's least width before it scrolls (a wide table on a tablet). */
  minTableWidth?: number;
  /** Force a layout (tests, a narrow panel); by default the `md` breakpoint decides. */
  layout?: 'table' | 'cards';
}

/** Cards below the `md` breakpoint. */
export function usePhoneLayout(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
}

/**
 * The rows to draw. The first rows a list gets are drawn in a deferred pass, which React renders
 * in slices and yields to the browser between: a page that opens does not wait in one long task
 * for its first page of rows, and a tap meanwhile is answered. Until that pass commits the list
 * stays as it was, loading. Later rows (a sort, a page, a change made here) are drawn at once.
 */
function useRowsToDraw<Row>(rows: Row[], loading: boolean): { rows: Row[]; loading: boolean } {
  const deferred = useDeferredValue(rows);
  const [drawnOnce, setDrawnOnce] = useState(false);
  useEffect(() => {
    if (!drawnOnce && deferred.length > 0) setDrawnOnce(true);
  }, [drawnOnce, deferred]);
  if (drawnOnce) return { rows, loading };
  return { rows: deferred, loading: loading || deferred !== rows };
}

export function ResponsiveList<Row>(props: ResponsiveListProps<Row>) {
  const phone = usePhoneLayout();
  const layout = props.layout ?? (phone ? 'cards' : 'table');
  const shown = { ...props, ...useRowsToDraw(props.rows, props.loading ?? false) };
  return layout === 'cards' ? <CardList {...shown} /> : <ListTable {...shown} />;
}

function pageState<Row>(rows: Row[], selection: ListSelection<Row>) {
  const selected = rows.filter((row) => selection.isSelected(row)).length;
  return { all: rows.length > 0 && selected === rows.length, some: selected > 0 };
}

function ListTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  showSkeleton = false,
  placeholders = 10,
  rowHeight = 53,
  sort,
  onSort,
  selection,
  empty,
  footer,
  minTableWidth,
}: ResponsiveListProps<Row>) {
  const page = selection ? pageState(rows, selection) : null;
  const firstLoad = loading && rows.length === 0;
  const scrollRegion = useScrollRegion(label);
  return (
    <>
      <TableContainer {...scrollRegion}>
        <Table
          size="small"
          aria-label={label}
          aria-busy={loading}
          sx={{ tableLayout: 'fixed', ...(minTableWidth ? { minWidth: minTableWidth } : {}) }}
        >
          <TableHead>
            <TableRow>
              {selection && page && (
                <TableCell padding="checkbox" sx={{ width: 52 }}>
                  <Checkbox
                    checked={page.all}
                    indeterminate={page.some && !page.all}
                    disabled={rows.length === 0 || selection.disabled}
                    onChange={selection.onTogglePage}
                    slotProps={{ input: { 'aria-label': selection.pageLabel } }}
                  />
                </TableCell>
              )}
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sx={column.width === undefined ? undefined : { width: column.width }}
                  sortDirection={sort?.field === column.key ? sort.direction : false}
                >
                  {column.sortable && sort !== undefined && onSort ? (
                    <TableSortLabel
                      active={sort?.field === column.key}
                      direction={sort?.field === column.key ? sort.direction : 'asc'}
                      onClick={() => onSort(column.key)}
                    >
                      {column.header}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {firstLoad && placeholders > 0 ? (
              <PlaceholderRows
                rows={placeholders}
                cells={columns.length}
                rowHeight={rowHeight}
                visible={showSkeleton}
                checkboxColumn={!!selection}
              />
            ) : (
              rows.map((row, index) => {
                const selected = selection?.isSelected(row) ?? false;
                return (
                  <TableRow
                    key={rowKey(row)}
                    hover
                    selected={selected}
                    sx={{ opacity: loading ? 0.6 : 1 }}
                  >
                    {selection && (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={selected}
                          disabled={selection.disabled}
                          onChange={() => selection.onToggle(row)}
                          slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
                        />
                      </TableCell>
                    )}
                    {columns.map((column) => (
                      <TableCell key={column.key} align={column.align}>
                        {column.render(row, index)}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })
            )}
            {!loading && rows.length === 0 && empty && (
              <TableRow>
                <TableCell colSpan={columns.length + (selection ? 1 : 0)}>
                  <EmptyState title={empty.title}>{empty.text}</EmptyState>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
    </>
  );
}

/** Sorting on a phone: the sortable columns in a select, and the direction beside it. */
function SortControl<Row>({
  columns,
  sort,
  onSort,
}: {
  columns: ListColumn<Row>[];
  sort: SortKey | null;
  onSort: (field: string) => void;
}) {
  const sortable = columns.filter((column) => column.sortable);
  if (sortable.length === 0) return null;
  const current = sortable.find((column) => column.key === sort?.field);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Sort by"
        value={current?.key ?? ''}
        onChange={(event) => onSort(event.target.value)}
        sx={{ minWidth: 160 }}
      >
        {sortable.map((column) => (
          <MenuItem key={column.key} value={column.key}>
            {column.header}
          </MenuItem>
        ))}
      </TextField>
      {current && sort && (
        <IconButton
          size="small"
          onClick={() => onSort(current.key)}
          aria-label={
            sort.direction === 'asc'
              ? `Sorted ascending by ${current.header}: sort descending`
              : `Sorted descending by ${current.header}: sort ascending`
          }
        >
          <Box component="span" aria-hidden sx={{ fontSize: 18, lineHeight: 1 }}>
            {sort.direction === 'asc' ? '↑' : '↓'}
          </Box>
        </IconButton>
      )}
    </Stack>
  );
}

function CardList<Row>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  showSkeleton = false,
  placeholders = 10,
  sort,
  onSort,
  selection,
  empty,
  footer,
}: ResponsiveListProps<Row>) {
  const primary = columns.filter((column) => column.phone === 'primary');
  const secondary = columns.filter((column) => (column.phone ?? 'secondary') === 'secondary');
  const page = selection ? pageState(rows, selection) : null;
  const firstLoad = loading && rows.length === 0;
  const showSort = sort !== undefined && onSort !== undefined;

  return (
    <Box>
      {(showSort || selection) && (
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}
        >
          {selection && page ? (
            <FormControlLabel
              control={
                <Checkbox
                  checked={page.all}
                  indeterminate={page.some && !page.all}
                  disabled={rows.length === 0 || selection.disabled}
                  onChange={selection.onTogglePage}
                  slotProps={{ input: { 'aria-label': selection.pageLabel } }}
                />
              }
              label="All on this page"
            />
          ) : (
            <span />
          )}
          {showSort && <SortControl columns={columns} sort={sort ?? null} onSort={onSort} />}
        </Stack>
      )}
      <Box
        component="ul"
        aria-label={label}
        aria-busy={loading}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {firstLoad && placeholders > 0
          ? Array.from({ length: placeholders }, (_, index) => (
              <Box
                component="li"
                key={`placeholder-${index}`}
                aria-hidden
                sx={{ px: 2, py: 1.5, visibility: showSkeleton ? 'visible' : 'hidden' }}
              >
                <Skeleton width="60%" />
                <Skeleton width="90%" />
                <Skeleton width="40%" />
              </Box>
            ))
          : rows.map((row, index) => {
              const selected = selection?.isSelected(row) ?? false;
              return (
                <Paper
                  component="li"
                  key={rowKey(row)}
                  variant="outlined"
                  square
                  sx={{
                    display: 'flex',
                    gap: 1,
                    px: 2,
                    py: 1.5,
                    borderWidth: '0 0 1px 0',
                    bgcolor: selected ? 'action.selected' : undefined,
                    opacity: loading ? 0.6 : 1,
                  }}
                >
                  {selection && (
                    <Checkbox
                      checked={selected}
                      disabled={selection.disabled}
                      onChange={() => selection.onToggle(row)}
                      slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
                      sx={{ alignSelf: 'flex-start', ml: -1.5, mt: -1 }}
                    />
                  )}
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    {primary.map((column, position) => (
                      <Box
                        key={column.key}
                        sx={{
                          fontWeight: position === 0 ? 500 : undefined,
                          mb: 0.5,
                          overflowWrap: 'anywhere',
                        }}
                      >
                        {column.render(row, index)}
                      </Box>
                    ))}
                    {secondary.length > 0 && (
                      <Box
                        component="dl"
                        sx={{
                          display: 'grid',
                          gridTemplateColumns: 'minmax(88px, max-content) 1fr',
                          columnGap: 2,
                          rowGap: 0.75,
                          m: 0,
                          mt: primary.length > 0 ? 1 : 0,
                          alignItems: 'baseline',
                        }}
                      >
                        {secondary.map((column) => {
                          const value = column.render(row, index);
                          // A card leaves out a label with nothing after it (a log entry's note).
                          if (
                            value === null ||
                            value === undefined ||
                            value === '' ||
                            value === false
                          )
                            return null;
                          return (
                            <Box key={column.key} sx={{ display: 'contents' }}>
                              <Typography component="dt" variant="body2" color="textSecondary">
                                {column.header}
                              </Typography>
                              <Box
                                component="dd"
                                sx={{
                                  m: 0,
                                  minWidth: 0,
                                  overflowWrap: 'anywhere',
                                  typography: 'body2',
                                }}
                              >
                                {value}
                              </Box>
                            </Box>
                          );
                        })}
                      </Box>
                    )}
                  </Box>
                </Paper>
              );
            })}
      </Box>
      {!loading && rows.length === 0 && empty && (
        <EmptyState title={empty.title}>{empty.text}</EmptyState>
      )}
      {footer}
    </Box>
  );
}
