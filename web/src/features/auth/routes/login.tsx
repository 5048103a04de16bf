import { Navigate, useLocation } from 'react-router';

/** The older sign-in address; keeps the query (the redirect target). */
export function LoginRoute() {
  const { search } = useLocation();
  return <Navigate to={`/signIn${search}`} replace />;
}
