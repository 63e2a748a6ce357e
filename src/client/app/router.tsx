// Every route of spec section 2. Screens are lazy-loaded route modules exporting `Component`; the
// main screens' loaders start their first requests at navigation (app/screen-loaders.ts).
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { Role } from '../../shared/enums';
import { RequireAuth, RequireFlag, RequireRole } from './guards';
import { AppLayout, OpenLayout } from './layout';
import { PublicLayout } from './public-layout';
import { AdminLayout } from '../features/admin/components/admin-layout';
import { NotFound } from './not-found';
import { screenLoader } from './screen-loaders';

const publicRoutes: RouteObject[] = [
  { path: '/login', lazy: () => import('../features/auth/routes/login') },
  { path: '/register', lazy: () => import('../features/auth/routes/register') },
  { path: '/emailverified/:token', lazy: () => import('../features/auth/routes/email-verified') },
  { path: '/unverifiedprofile/:email', lazy: () => import('../features/auth/routes/unverified-profile') },
  { path: '/password-update', lazy: () => import('../features/auth/routes/password-update') },
];

/** Open to all, with the app's top bar when signed in. */
const openRoutes: RouteObject[] = [
  { path: '/privacy', lazy: () => import('../features/misc/routes/privacy') },
  { path: '/terms', lazy: () => import('../features/misc/routes/terms') },
];

const authedRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/feed" replace /> },
  { path: 'logout', lazy: () => import('../features/auth/routes/logout') },
  { path: 'feed', loader: screenLoader('/feed'), lazy: () => import('../features/feed/routes/feed') },
  { path: 'scenarios', loader: screenLoader('/scenarios'), lazy: () => import('../features/scenarios/routes/scenarios') },
  { path: 'scenarios/upload', id: 'scenarios-upload', lazy: () => import('../features/scenarios/routes/upload') },
  { path: 'scenario/:uuidId', id: 'scenario-view', loader: screenLoader('/scenario/:uuidId'), lazy: () => import('../features/scenarios/routes/scenario-view') },
  { path: 'scenario/:uuidId/edit', id: 'scenario-edit', lazy: () => import('../features/scenarios/routes/scenario-edit') },
  { path: 'media', loader: screenLoader('/media'), lazy: () => import('../features/media/routes/library') },
  { path: 'media/upload', id: 'media-upload', lazy: () => import('../features/media/routes/upload') },
  { path: 'media/:uuidId', lazy: () => import('../features/media/routes/view') },
  { path: 'media/:uuidId/edit', lazy: () => import('../features/media/routes/edit') },
  { path: 'me', lazy: () => import('../features/users/routes/me') },
  { path: 'me/profile', lazy: () => import('../features/users/routes/update-details') },
  { path: 'me/password', lazy: () => import('../features/users/routes/change-password') },
  { path: 'me/scenarios/:directoryUuid?', lazy: () => import('../features/scenarios/routes/my-scenarios') },
  { path: 'me/media', lazy: () => import('../features/media/routes/my-media') },
  { path: 'me/forum/groups', loader: screenLoader('/me/forum/groups'), lazy: () => import('../features/groups/routes/my-groups') },
  {
    path: 'me/provisioning',
    element: <RequireFlag flag="canProvision" />,
    children: [{ index: true, lazy: () => import('../features/licences/routes/provisioning') }],
  },
  {
    path: 'me/claim/:contractId',
    element: <RequireFlag flag="canProvision" />,
    children: [{ index: true, id: 'my-claim', lazy: () => import('../features/licences/routes/claim') }],
  },
  {
    path: 'me/pre-release',
    element: <RequireFlag flag="isPreRelease" />,
    children: [{ index: true, lazy: () => import('../features/misc/routes/pre-release') }],
  },
  { path: 'me/downloads', lazy: () => import('../features/misc/routes/downloads') },
  { path: 'me/support', lazy: () => import('../features/misc/routes/support') },
  { path: 'forum/create', id: 'create-forum-group', lazy: () => import('../features/groups/routes/create-group') },
  { path: 'forum/edit/:groupId', lazy: () => import('../features/groups/routes/edit-group') },
  { path: 'forum/group/:groupId', id: 'forum-group', lazy: () => import('../features/groups/routes/group') },
  { path: 'view-user/:id', lazy: () => import('../features/scenarios/routes/view-user') },
  { path: 'search', lazy: () => import('../features/search/routes/search') },
  { path: 'post/:postId', lazy: () => import('../features/search/routes/post') },
  {
    path: 'admin',
    element: (
      <RequireRole role={Role.Admin}>
        <AdminLayout />
      </RequireRole>
    ),
    children: [
      { index: true, element: <Navigate to="/admin/analytics" replace /> },
      { path: 'analytics', lazy: () => import('../features/admin/routes/analytics') },
      { path: 'users', lazy: () => import('../features/admin/routes/users') },
      { path: 'reported', lazy: () => import('../features/admin-posts/routes/reported-posts') },
      { path: 'post', lazy: () => import('../features/admin-posts/routes/post-to-everyone') },
      { path: 'reviewmedia', lazy: () => import('../features/admin-media/routes/review-media') },
      { path: 'licences', lazy: () => import('../features/licences/routes/admin-licences') },
      { path: 'licences/contracts/:contractId', lazy: () => import('../features/licences/routes/admin-contract') },
      { path: 'builds', lazy: () => import('../features/misc/routes/admin-builds') },
      { path: 'audit', lazy: () => import('../features/admin/routes/audit-log') },
    ],
  },
  { path: 'tms', loader: screenLoader('/tms'), lazy: () => import('../features/tms/routes/tms') },
  { path: 'tms/students', lazy: () => import('../features/tms/routes/students') },
];

export const routes: RouteObject[] = [
  { element: <PublicLayout />, children: publicRoutes },
  { element: <OpenLayout />, children: openRoutes },
  {
    path: '/',
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [...authedRoutes, { path: '*', element: <NotFound /> }],
  },
];

export const createRouter = () => createBrowserRouter(routes);
