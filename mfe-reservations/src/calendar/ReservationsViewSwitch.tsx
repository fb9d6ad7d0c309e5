// The two ways to see reservations, as one control in the page header: the list (search, filters,
// sorting) and the calendar (a month by listing). Each is its own address, so either can be
// bookmarked and Back returns to the other.
import { Link as RouterLink, useNavigate } from 'react-router';
import { Button, ToggleButton, ToggleButtonGroup } from '@mui/material';

const ADDRESSES = { list: '/reservations', calendar: '/reservations?view=calendar' } as const;
type View = keyof typeof ADDRESSES;

export function ReservationsViewSwitch({ view }: { view: View }) {
  const navigate = useNavigate();
  return (
    <ToggleButtonGroup
      value={view}
      exclusive
      size="small"
      aria-label="Show reservations as"
      onChange={(_event, next: View | null) => {
        if (next && next !== view) navigate(ADDRESSES[next]);
      }}
    >
      <ToggleButton value="list">List</ToggleButton>
      <ToggleButton value="calendar">Calendar</ToggleButton>
    </ToggleButtonGroup>
  );
}

/** The reservations pages' header actions, the same on the list and the calendar. */
export function ReservationsActions({ view }: { view: View }) {
  return (
    <>
      <ReservationsViewSwitch view={view} />
      <Button component={RouterLink} to="/create-reservation" variant="contained">
        New reservation
      </Button>
    </>
  );
}
