import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useDispatch, useSelector } from 'react-redux';
import { reservationsApi, type ImageKind, type Reservation } from '../reservations/reservationsApi';
import { reservationsActions, selectDetail } from '../reservations/reservationsSlice';

export const IMAGE_LABELS: Record<ImageKind, string> = {
  id_front: 'ID front',
  id_back: 'ID back',
  selfie: 'Selfie',
};

/** The guest's identity images: view large, rotate when uploaded sideways (the rotation is saved). */
export function IdentityImages({ reservation }: { reservation: Reservation }) {
  const dispatch = useDispatch();
  const { rotating } = useSelector(selectDetail);
  const [open, setOpen] = useState<ImageKind | null>(null);
  const images = reservation.images;
  const source = (kind: ImageKind) => {
    const image = images.find((candidate) => candidate.kind === kind);
    return image ? reservationsApi.imageUrl(reservation.id, kind, image.updated_at) : '';
  };
  const rotate = (kind: ImageKind) =>
    dispatch(reservationsActions.rotateImage.requested({ id: reservation.id, image: kind }));

  return (
    <Card>
      <CardHeader title="Identity" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {images.length === 0 ? (
          <Typography color="textSecondary">
            The guest has not uploaded identity images yet.
          </Typography>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {images.map((image) => (
              <Box key={image.kind} component="figure" sx={{ m: 0, flex: 1, minWidth: 0 }}>
                <Box
                  component="button"
                  type="button"
                  onClick={() => setOpen(image.kind)}
                  aria-label={`View ${IMAGE_LABELS[image.kind]} large`}
                  sx={{
                    p: 0,
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 2,
                    bgcolor: 'grey.100',
                    cursor: 'zoom-in',
                    width: '100%',
                    height: 180,
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    overflow: 'hidden',
                  }}
                >
                  <img
                    src={source(image.kind)}
                    alt={`${IMAGE_LABELS[image.kind]} of ${reservation.guest_name}`}
                    style={{ maxWidth: '100%', maxHeight: '100%' }}
                  />
                </Box>
                <Stack
                  component="figcaption"
                  direction="row"
                  sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}
                >
                  <Typography variant="body2">{IMAGE_LABELS[image.kind]}</Typography>
                  <Button
                    size="small"
                    onClick={() => rotate(image.kind)}
                    disabled={rotating[image.kind]}
                    aria-label={`Rotate ${IMAGE_LABELS[image.kind]}`}
                  >
                    {rotating[image.kind] ? 'Rotating…' : 'Rotate'}
                  </Button>
                </Stack>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
      {open && (
        <Dialog
          open
          onClose={() => setOpen(null)}
          maxWidth="md"
          fullWidth
          aria-labelledby="image-title"
        >
          <DialogTitle id="image-title">
            {IMAGE_LABELS[open]} of {reservation.guest_name}
          </DialogTitle>
          <DialogContent sx={{ display: 'flex', justifyContent: 'center', bgcolor: 'grey.100' }}>
            <img
              src={source(open)}
              alt={`${IMAGE_LABELS[open]} of ${reservation.guest_name}, large`}
              style={{ maxWidth: '100%', maxHeight: '70vh' }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => rotate(open)} disabled={rotating[open]}>
              Rotate
            </Button>
            <Button onClick={() => setOpen(null)}>Close</Button>
          </DialogActions>
        </Dialog>
      )}
    </Card>
  );
}
