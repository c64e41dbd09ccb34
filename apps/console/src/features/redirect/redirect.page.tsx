import { Navigate, useLocation, useParams } from 'react-router';

/** `/redirect/:path`: re-enters `/<path>` with the same query, which re-mounts the page. */
const RedirectPage = () => {
  const { path = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${path.replace(/^\/+/, '')}${search}`} replace />;
};

export default RedirectPage;
