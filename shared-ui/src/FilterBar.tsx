// The one filter bar (docs/page-kit.md): a list's filters in one row above it (one under the
// other on a phone), with their state in the address's query, so a reload, Back and a shared
// link show the same list. Pages put FilterSelect, SearchField or a ToggleButtonGroup in it and
// read and write the values with useAddressFilters.
import { useCallback, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Stack } from '@mui/material';

export function FilterBar({
  label = 'Filters',
  children,
}: {
  /** The section's accessible name. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <Stack
      component="section"
      aria-label={label}
      direction={{ xs: 'column', sm: 'row' }}
      useFlexGap
      spacing={1.5}
      sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
    >
      {children}
    </Stack>
  );
}

export interface AddressFilterOptions {
  /** Parameters a change of filter drops (the page of a paged list: a new filter starts at 1). */
  resets?: readonly string[];
  /** Replace the history entry instead of adding one (typing in a search box). */
  replace?: boolean;
}

/**
 * The filters named in `defaults`, read from the address's query (a missing or empty parameter is
 * its default), and a setter that writes them back: a value equal to its default leaves the
 * address, other parameters stay. Each change is a history entry, so Back undoes a filter.
 */
export function useAddressFilters<Name extends string>(
  defaults: Readonly<Record<Name, string>>,
  options: AddressFilterOptions = {},
): [Record<Name, string>, (changes: Partial<Record<Name, string>>, replace?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const names = Object.keys(defaults) as Name[];
  const key = params.toString();
  const values = useMemo(
    () =>
      Object.fromEntries(names.map((name) => [name, params.get(name) || defaults[name]])) as Record<
        Name,
        string
      >,
    // The address (as text) and the defaults decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, JSON.stringify(defaults)],
  );
  const { resets, replace: replaceAll = false } = options;
  const setFilters = useCallback(
    (changes: Partial<Record<Name, string>>, replace = replaceAll) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes) as [Name, string | undefined][]) {
            if (!value || value === defaults[name]) next.delete(name);
            else next.set(name, value);
          }
          for (const name of resets ?? []) next.delete(name);
          return next;
        },
        { replace },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams, replaceAll, JSON.stringify(defaults), (resets ?? []).join()],
  );
  return [values, setFilters];
}
