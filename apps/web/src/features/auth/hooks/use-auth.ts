import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from '../auth-context';

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  // SPEC 8: the exact wording of this programming error.
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
