import { useMutation } from '@tanstack/react-query';
import { isLanguage, STORAGE_KEYS } from '@heliotrack/domain/constants';
import type { TokenPair, TokenRequest, UserProfile } from '@heliotrack/domain/auth';
import { http } from '../../../lib/http-client';
import { changeLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { setStoredUser, setTokens } from '../../../lib/session';
import { readString, removeKey } from '../../../lib/storage';
import { clientInspectionsQueryOptions } from './get-client-inspections';
import { getProfile, profileQueryOptions } from '../../../api/get-profile';

/**
 * Login: token pair, then the profile (roles decide the menu and the guards). A failed login leaves
 * storage as it was; the errors are shown on the login page (handle400: false).
 */
export async function login(credentials: TokenRequest): Promise<UserProfile> {
  const pair = await http.post<TokenPair>('token/', credentials, { handle400: false });
  setTokens(pair);
  let profile: UserProfile;
  try {
    profile = await getProfile();
  } catch (error) {
    removeKey(STORAGE_KEYS.token);
    removeKey(STORAGE_KEYS.refreshToken);
    throw error;
  }
  setStoredUser(profile);
  queryClient.setQueryData(profileQueryOptions().queryKey, profile);
  // Someone who never chose a language gets the one of their profile.
  if (!readString(STORAGE_KEYS.language) && isLanguage(profile.language)) changeLanguage(profile.language);
  void queryClient.prefetchQuery(clientInspectionsQueryOptions());
  return profile;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
