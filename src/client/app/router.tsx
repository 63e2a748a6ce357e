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
import { ScreenTitle } from './screen-title';

const publicRoutes: RouteObject[] = [
  { path: '/login', handle: { title: 'Sign in' }, lazy: () => import('../features/auth/routes/login') },
  { path: '/register', handle: { title: 'Register' }, lazy: () => import('../features/auth/routes/register') },
  { path: '/emailverified/:token', handle: { title: 'Email verification' }, lazy: () => import('../features/auth/routes/email-verified') },
  { path: '/unverifiedprofile/:email', handle: { title: 'Verify your account' }, lazy: () => import('../features/auth/routes/unverified-profile') },
  { path: '/password-update', handle: { title: 'Reset your password' }, lazy: () => import('../features/auth/routes/password-update') },
];

/** Open to all, with the app's top bar when signed in. */
const openRoutes: RouteObject[] = [
  { path: '/privacy', handle: { title: 'Privacy Policy' }, lazy: () => import('../features/site-pages/routes/privacy') },
  { path: '/terms', handle: { title: 'Terms and Conditions' }, lazy: () => import('../features/site-pages/routes/terms') },
  { path: '/accessibility', handle: { title: 'Accessibility Statement' }, lazy: () => import('../features/site-pages/routes/accessibility') },
  { path: '/unsubscribe', handle: { title: 'E-mail digest' }, lazy: () => import('../features/notifications/routes/unsubscribe') },
];

const authedRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/feed" replace /> },
  { path: 'logout', handle: { title: 'Signing out' }, lazy: () => import('../features/auth/routes/logout') },
  { path: 'feed', handle: { title: 'Home' }, loader: screenLoader('/feed'), lazy: () => import('../features/feed/routes/feed') },
  { path: 'scenarios', handle: { title: 'Scenarios' }, loader: screenLoader('/scenarios'), lazy: () => import('../features/scenarios/routes/scenarios') },
  { path: 'scenarios/upload', handle: { title: 'Upload Scenarios' }, id: 'scenarios-upload', lazy: () => import('../features/scenarios/routes/upload') },
  { path: 'scenario/:uuidId', handle: { title: 'Scenario' }, id: 'scenario-view', loader: screenLoader('/scenario/:uuidId'), lazy: () => import('../features/scenarios/routes/scenario-view') },
  { path: 'scenario/:uuidId/edit', handle: { title: 'Edit Scenario' }, id: 'scenario-edit', lazy: () => import('../features/scenarios/routes/scenario-edit') },
  { path: 'media', handle: { title: 'Media' }, loader: screenLoader('/media'), lazy: () => import('../features/media/routes/library') },
  { path: 'media/upload', handle: { title: 'Upload Media' }, id: 'media-upload', lazy: () => import('../features/media/routes/upload') },
  { path: 'media/:uuidId', handle: { title: 'Media item' }, lazy: () => import('../features/media/routes/view') },
  { path: 'media/:uuidId/edit', handle: { title: 'Edit Media' }, lazy: () => import('../features/media/routes/edit') },
  { path: 'me', handle: { title: 'My Profile' }, lazy: () => import('./me-page') },
  { path: 'me/profile', handle: { title: 'Update details' }, lazy: () => import('../features/users/routes/update-details') },
  { path: 'me/password', handle: { title: 'Change password' }, lazy: () => import('../features/users/routes/change-password') },
  { path: 'me/scenarios/:directoryUuid?', handle: { title: 'My Scenarios' }, lazy: () => import('../features/scenarios/routes/my-scenarios') },
  { path: 'me/media', handle: { title: 'My Media' }, lazy: () => import('../features/media/routes/my-media') },
  { path: 'me/forum/groups', handle: { title: 'My Groups' }, loader: screenLoader('/me/forum/groups'), lazy: () => import('../features/groups/routes/my-groups') },
  {
    path: 'me/provisioning',
    element: <RequireFlag flag="canProvision" />,
    children: [{ index: true, handle: { title: 'Licensing' }, lazy: () => import('../features/licences/routes/provisioning') }],
  },
  {
    path: 'me/claim/:contractId',
    element: <RequireFlag flag="canProvision" />,
    children: [{ index: true, id: 'my-claim', handle: { title: 'Claim licence' }, lazy: () => import('../features/licences/routes/claim') }],
  },
  {
    path: 'me/pre-release',
    element: <RequireFlag flag="isPreRelease" />,
    children: [{ index: true, handle: { title: 'Pre-Release' }, lazy: () => import('../features/downloads/routes/pre-release') }],
  },
  { path: 'me/downloads', handle: { title: 'Downloads' }, lazy: () => import('../features/downloads/routes/downloads') },
  { path: 'me/support', handle: { title: 'Support' }, lazy: () => import('../features/site-pages/routes/support') },
  { path: 'forum/create', handle: { title: 'Create Group' }, id: 'create-forum-group', lazy: () => import('../features/groups/routes/create-group') },
  { path: 'forum/edit/:groupId', handle: { title: 'Edit Group' }, lazy: () => import('../features/groups/routes/edit-group') },
  { path: 'forum/group/:groupId', handle: { title: 'Group' }, id: 'forum-group', lazy: () => import('../features/groups/routes/group') },
  { path: 'view-user/:id', handle: { title: 'User' }, lazy: () => import('../features/users/routes/view-user') },
  { path: 'notifications', handle: { title: 'Notifications' }, lazy: () => import('../features/notifications/routes/notifications') },
  { path: 'search', handle: { title: 'Search' }, lazy: () => import('../features/search/routes/search') },
  { path: 'post/:postId', handle: { title: 'Post' }, lazy: () => import('../features/posts/routes/post') },
  {
    path: 'admin',
    element: (
      <RequireRole role={Role.Admin}>
        <AdminLayout />
      </RequireRole>
    ),
    children: [
      { index: true, element: <Navigate to="/admin/analytics" replace /> },
      { path: 'analytics', handle: { title: 'Analytics' }, lazy: () => import('../features/admin/routes/analytics') },
      { path: 'users', handle: { title: 'Users' }, lazy: () => import('../features/admin/routes/users') },
      { path: 'reported', handle: { title: 'Reported posts' }, lazy: () => import('../features/admin-posts/routes/reported-posts') },
      { path: 'post', handle: { title: 'Post to everyone' }, lazy: () => import('../features/admin-posts/routes/post-to-everyone') },
      { path: 'reviewmedia', handle: { title: 'Review Media' }, lazy: () => import('../features/admin-media/routes/review-media') },
      { path: 'licences', handle: { title: 'Licences' }, lazy: () => import('../features/licences/routes/admin-licences') },
      { path: 'licences/contracts/:contractId', handle: { title: 'Contract' }, lazy: () => import('../features/licences/routes/admin-contract') },
      { path: 'builds', handle: { title: 'App builds' }, lazy: () => import('../features/downloads/routes/admin-builds') },
      { path: 'audit', handle: { title: 'Audit log' }, lazy: () => import('../features/admin/routes/audit-log') },
    ],
  },
  { path: 'tms', handle: { title: 'TMS' }, loader: screenLoader('/tms'), lazy: () => import('../features/tms/routes/tms') },
  { path: 'tms/students', handle: { title: 'Students' }, lazy: () => import('../features/tms/routes/students') },
];

export const routes: RouteObject[] = [
  {
    // Titles every screen from its route's `handle` (./screen-title).
    element: <ScreenTitle />,
    children: [
      { element: <PublicLayout />, children: publicRoutes },
      { element: <OpenLayout />, children: openRoutes },
      {
        path: '/',
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [...authedRoutes, { path: '*', handle: { title: 'Page not found' }, element: <NotFound /> }],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
