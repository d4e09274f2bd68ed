import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A page's heading (its one h1), with an optional icon and a line saying what the page is for. */
export function PageHeader({ title, intro, icon }: { title: string; intro?: string; icon?: ReactNode }) {
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {icon}
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      </Stack>
      {intro && (
        <Typography variant="body2" color="text.secondary">
          {intro}
        </Typography>
      )}
    </Stack>
  );
}
