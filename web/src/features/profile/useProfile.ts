import { useQuery } from '@tanstack/react-query';
import { fetchProfile, profileKey } from './api';

/** The caller's profile, shared by the cards of My profile (one request for all). */
export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: ({ signal }) => fetchProfile(signal) });
}
