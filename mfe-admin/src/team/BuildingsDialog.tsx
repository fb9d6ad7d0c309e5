// A vendor's buildings: what they may see, changed at once (their next page follows).
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Alert, DialogContentText } from '@mui/material';
import { fieldErrorOf, messageOf, useSubmission } from '@hostdash/shared-ui';
import { selectAdmin } from '../adminSlice';
import { BuildingChoices, CHOOSE_A_BUILDING } from './BuildingChoices';
import { FormDialog } from './FormDialog';
import type { TeamBuilding, TeamMember } from './teamApi';
import { teamActions } from './teamSlice';

export function BuildingsDialog({
  vendor,
  buildings,
  onClose,
}: {
  vendor: TeamMember;
  buildings: readonly TeamBuilding[];
  onClose: () => void;
}) {
  const dispatch = useDispatch();
  const submission = useSubmission(useSelector(selectAdmin).team.status.update, onClose);
  const granted = vendor.vendor_buildings.map((building) => building.slug);
  const [slugs, setSlugs] = useState<string[]>(granted);
  const unchanged =
    slugs.length === granted.length && slugs.every((slug) => granted.includes(slug));
  const refusal = submission.error;
  const refusedField = refusal ? fieldErrorOf(refusal, { building_slugs: 'Buildings' }) : null;

  const save = () => {
    if (unchanged || slugs.length === 0) return;
    submission.started();
    dispatch(
      teamActions.update.requested({
        userId: vendor.id,
        action: 'set_buildings',
        building_slugs: slugs,
      }),
    );
  };

  return (
    <FormDialog
      title={`${vendor.name}’s buildings`}
      submitLabel="Save buildings"
      busy={submission.busy}
      submitDisabled={unchanged || slugs.length === 0}
      onSubmit={save}
      onClose={onClose}
    >
      <DialogContentText sx={{ mb: 2 }}>
        {vendor.name} sees the buildings ticked here from their next page on.
      </DialogContentText>
      {refusal && !refusedField && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messageOf(refusal)}
        </Alert>
      )}
      <BuildingChoices
        buildings={buildings}
        chosen={slugs}
        onChange={(next) => {
          submission.forget();
          setSlugs(next);
        }}
        error={slugs.length === 0 ? CHOOSE_A_BUILDING : (refusedField?.message ?? null)}
        disabled={submission.busy}
      />
    </FormDialog>
  );
}
