// One series of the analytics page: its chart, the same figures as a table (always there for a
// screen reader; shown on the page with "Show as table"), and its CSV download.
import { useId, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
  useTheme,
  type SxProps,
  type Theme,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatDate, type ChipColour } from '@hostdash/shared-auth';
import { DownloadButton } from '@hostdash/shared-ui';
import {
  isUnrecorded,
  NOT_RECORDED,
  seriesCsv,
  type SeriesTable,
  type SeriesValue,
} from './analyticsSeries';

const CHART_HEIGHT = 260;

/** Series cards side by side: one column on a phone and a tablet, two on a wide screen. */
export const CARD_GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** Where series cards will be, while their figures load. */
export function SeriesCardSkeletons() {
  return (
    <Box sx={CARD_GRID}>
      {[0, 1].map((key) => (
        <Skeleton key={key} variant="rounded" height={360} />
      ))}
    </Box>
  );
}

/** Off the screen, still read by a screen reader. */
const VISUALLY_HIDDEN: SxProps<Theme> = {
  position: 'absolute',
  // Strings: in `sx` a number up to 1 is a fraction of the parent (1 would be 100%).
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
  padding: 0,
  margin: '-1px',
};

/** The theme's colour of a chip colour: a status has one colour on chips and charts alike. */
const chipColour = (theme: Theme, chip: ChipColour): string =>
  chip === 'default' ? theme.palette.grey[500] : theme.palette[chip].main;

/** An axis tick: the date without its year ("Nov 25"), in the dashboard's date format. */
const shortDay = (date: string): string => formatDate(date).replace(/,?\s+\d{4}$/, '');

const cellText = (table: SeriesTable, value: SeriesValue): string =>
  value === null ? (table.missing ?? NOT_RECORDED) : value.toLocaleString();

/** How a row's key reads: a day, or the table's moments. */
const rowText = (table: SeriesTable, key: string): string =>
  table.time ? table.time.row(key) : formatDate(key);
const tickText = (table: SeriesTable, key: string): string =>
  table.time ? table.time.tick(key) : shortDay(key);

/** Saves `text` as a file the browser downloads (no request: the figures are on the page). */
export function downloadFile(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its copy once it started; the address is let go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function SeriesChart({ table }: { table: SeriesTable }) {
  const theme = useTheme();
  const shown = table.columns
    .map((column, index) => ({ column, index }))
    .filter(({ index }) => !isUnrecorded(table, index));
  const colourOf = (column: SeriesTable['columns'][number], position: number) =>
    column.colour ??
    (column.chip
      ? chipColour(theme, column.chip)
      : position === 0
        ? theme.palette.primary.main
        : theme.palette.secondary.main);
  const series = shown.map(({ column, index }, position) => ({
    label: column.label,
    color: colourOf(column, position),
    data: table.rows.map((row) => row.values[index] ?? null),
    valueFormatter: (value: number | null) => cellText(table, value),
    ...(table.chart === 'stacked' ? { stack: 'total' } : {}),
  }));
  const allZero = series.every((line) => line.data.every((value) => !value));
  const xAxis = [
    {
      scaleType: 'band' as const,
      data: table.rows.map((row) => row.date),
      valueFormatter: (key: string, context: { location: string }) =>
        context.location === 'tick' ? tickText(table, key) : rowText(table, key),
      tickLabelMinGap: 12,
    },
  ];
  const common = {
    height: CHART_HEIGHT,
    hideLegend: series.length < 2,
    margin: { left: 0, right: 8 },
    // Counts: whole steps, and an axis from 0 to 1 rather than a bare 0 for a period of nothing.
    yAxis: [{ tickMinStep: 1, width: 40, min: 0, ...(allZero ? { max: 1 } : {}) }],
    slotProps: { legend: { direction: 'horizontal' as const } },
  };
  return table.chart === 'line' ? (
    <LineChart
      {...common}
      xAxis={[{ ...xAxis[0]!, scaleType: 'point' as const }]}
      series={series.map((line) => ({
        ...line,
        area: true,
        // Every point of a month; of a longer series, a point with no neighbour (a line needs two
        // points, so a lone bucket of figures would otherwise draw nothing).
        showMark:
          table.rows.length <= 31 ||
          (({ index }: { index: number }) =>
            line.data[index] !== null &&
            (line.data[index - 1] ?? null) === null &&
            (line.data[index + 1] ?? null) === null),
      }))}
    />
  ) : (
    <BarChart {...common} xAxis={xAxis} series={series} />
  );
}

export function SeriesCard({
  table,
  fileName,
  period,
  heading = 'h2',
}: {
  table: SeriesTable;
  /** The CSV's name (`hostdash-sign-ins-30-days.csv`). */
  fileName: string;
  /** "Nov 26 – Dec 25, 2026 (UTC)": the table's caption says which days it holds. */
  period: string;
  /** The title's level: h3 inside a part of the page that has its own h2. */
  heading?: 'h2' | 'h3';
}) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const unrecorded = table.columns.filter((_column, index) => isUnrecorded(table, index));

  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" sx={{ minWidth: 0 }}>
      <CardHeader
        title={table.title}
        subheader={table.description}
        slotProps={{
          title: { component: heading, variant: 'h6', id: titleId },
          subheader: { variant: 'body2' },
        }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
          <Button
            size="small"
            variant="outlined"
            aria-pressed={asTable}
            aria-label={`Show as table: ${table.title}`}
            onClick={() => setAsTable((shown) => !shown)}
          >
            Show as table
          </Button>
          <DownloadButton
            variant="text"
            size="small"
            fileType="CSV"
            what={table.title}
            onClick={() => downloadFile(fileName, seriesCsv(table))}
          />
        </Stack>
        {unrecorded.map((column) => (
          <Typography key={column.label} variant="body2" color="textSecondary">
            {column.label}: {(table.missing ?? NOT_RECORDED).toLowerCase()}, so the chart leaves
            them out.
          </Typography>
        ))}
        {/* The chart draws what the table says; a screen reader reads the table instead. Inert, so
            nothing inside it (the chart's own focusable parts) takes the keyboard's focus either. */}
        <Box
          aria-hidden
          inert
          data-testid="chart"
          sx={{ display: asTable ? 'none' : 'block', minWidth: 0 }}
        >
          <SeriesChart table={table} />
        </Box>
        <Box sx={asTable ? { maxHeight: 420, overflow: 'auto' } : VISUALLY_HIDDEN}>
          <Table size="small" stickyHeader>
            <Box
              component="caption"
              sx={{ captionSide: 'top', textAlign: 'left', p: 0, pb: 1, typography: 'body2' }}
            >
              {table.title}, {period}
            </Box>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {table.time?.header ?? 'Date'}
                </TableCell>
                {table.columns.map((column) => (
                  <TableCell key={column.label} component="th" scope="col" align="right">
                    {column.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {table.rows.map((row) => (
                <TableRow key={row.date}>
                  <TableCell component="th" scope="row">
                    {rowText(table, row.date)}
                  </TableCell>
                  {row.values.map((value, index) => (
                    <TableCell key={table.columns[index]?.label ?? index} align="right">
                      {cellText(table, value)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell component="th" scope="row">
                  {table.total.label}
                </TableCell>
                {table.total.values.map((value, index) => (
                  <TableCell key={table.columns[index]?.label ?? index} align="right">
                    {cellText(table, value)}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          </Table>
        </Box>
      </CardContent>
    </Card>
  );
}
