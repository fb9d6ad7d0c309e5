// The account's buildings as checkboxes: what a vendor may see, in the invite and in the editor.
import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
} from '@mui/material';
import type { TeamBuilding } from './teamApi';

export function BuildingChoices({
  buildings,
  chosen,
  onChange,
  error,
  disabled = false,
}: {
  buildings: readonly TeamBuilding[];
  chosen: readonly string[];
  onChange: (slugs: string[]) => void;
  /** Why the choice cannot be sent (none chosen, a refusal): shown under the boxes. */
  error: string | null;
  disabled?: boolean;
}) {
  const toggle = (slug: string, on: boolean) =>
    onChange(
      // In the account's order, whatever order they were ticked in.
      buildings
        .map((building) => building.slug)
        .filter((each) => (each === slug ? on : chosen.includes(each))),
    );
  return (
    <FormControl component="fieldset" error={error !== null} disabled={disabled}>
      <FormLabel component="legend">Buildings they may see</FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' } }}>
        {buildings.map((building) => (
          <FormControlLabel
            key={building.slug}
            label={building.name}
            control={
              <Checkbox
                checked={chosen.includes(building.slug)}
                onChange={(event) => toggle(building.slug, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>
        {error ?? 'They see these buildings and the stays arriving there, nothing else.'}
      </FormHelperText>
    </FormControl>
  );
}

export const CHOOSE_A_BUILDING = 'Choose at least one building they may see.';
