/** Pieces the login-less account pages share: the way back to the login, and the frame of a one-form page. */
import { Box, Link, Typography } from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export function BackToLogin() {
  return (
    <Link component={RouterLink} to="/login" sx={{ display: 'inline-block', mt: 2 }}>
      Voltar para o login
    </Link>
  );
}

/** A page that is one form (forgot / reset password): its heading, the fields, the way back to the login. */
export function AuthForm({ title, titleGap = 2, onSubmit, children }: { title: string; titleGap?: number; onSubmit: FormEventHandler; children: ReactNode }) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Typography variant="h5" component="h1" sx={{ mb: titleGap, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
      <BackToLogin />
    </Box>
  );
}
