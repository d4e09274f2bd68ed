/**
 * The sections of My profile (spec 3 §2 'My profile and settings'), in page order. Each feature
 * adds its own card here (one line) and keeps the card in its own file.
 */
import type { ComponentType } from 'react';
import { CertificateCard } from './CertificateCard';
import { SessionsCard } from './SessionsCard';

export interface ProfileSection {
  /** Anchor of the section (`/profile#id`) and its test id. */
  id: string;
  Component: ComponentType;
}

export const PROFILE_SECTIONS: readonly ProfileSection[] = [
  { id: 'certificate', Component: CertificateCard },
  { id: 'sessions', Component: SessionsCard },
];
