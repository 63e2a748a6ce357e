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
import { RouteError } from './route-error';
import { namespacesLoader, withNamespaces } from '../i18n';

const publicRoutes: RouteObject[] = [
  { path: '/login', handle: { title: 'signIn' }, lazy: withNamespaces(['auth'], () => import('../features/auth/routes/login')) },
  { path: '/register', handle: { title: 'register' }, lazy: withNamespaces(['auth'], () => import('../features/auth/routes/register')) },
  { path: '/emailverified/:token', handle: { title: 'emailVerification' }, lazy: withNamespaces(['auth'], () => import('../features/auth/routes/email-verified')) },
  { path: '/unverifiedprofile/:email', handle: { title: 'verifyYourAccount' }, lazy: withNamespaces(['auth'], () => import('../features/auth/routes/unverified-profile')) },
  { path: '/password-update', handle: { title: 'resetYourPassword' }, lazy: withNamespaces(['auth'], () => import('../features/auth/routes/password-update')) },
];

/** Open to all, with the app's top bar when signed in. */
const openRoutes: RouteObject[] = [
  { path: '/privacy', handle: { title: 'privacyPolicy' }, lazy: withNamespaces(['misc'], () => import('../features/site-pages/routes/privacy')) },
  { path: '/terms', handle: { title: 'termsAndConditions' }, lazy: withNamespaces(['misc'], () => import('../features/site-pages/routes/terms')) },
  { path: '/accessibility', handle: { title: 'accessibilityStatement' }, lazy: withNamespaces(['misc'], () => import('../features/site-pages/routes/accessibility')) },
  { path: '/unsubscribe', handle: { title: 'emailDigest' }, lazy: () => import('../features/notifications/routes/unsubscribe') },
];

const authedRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/feed" replace /> },
  { path: 'logout', handle: { title: 'signingOut' }, lazy: withNamespaces(['auth'], () => import('../features/auth/routes/logout')) },
  { path: 'feed', handle: { title: 'home' }, loader: screenLoader('/feed'), lazy: withNamespaces(['feed', 'conversation', 'exchange'], () => import('../features/feed/routes/feed')) },
  { path: 'scenarios', handle: { title: 'scenarios' }, loader: screenLoader('/scenarios'), lazy: withNamespaces(['scenarios', 'exchange'], () => import('../features/scenarios/routes/scenarios')) },
  { path: 'scenarios/upload', handle: { title: 'uploadScenarios' }, id: 'scenarios-upload', lazy: withNamespaces(['scenarios', 'exchange'], () => import('../features/scenarios/routes/upload')) },
  { path: 'scenario/:uuidId', handle: { title: 'scenario' }, id: 'scenario-view', loader: screenLoader('/scenario/:uuidId'), lazy: withNamespaces(['scenarios', 'exchange'], () => import('../features/scenarios/routes/scenario-view')) },
  { path: 'scenario/:uuidId/edit', handle: { title: 'editScenario' }, id: 'scenario-edit', lazy: withNamespaces(['scenarios', 'exchange'], () => import('../features/scenarios/routes/scenario-edit')) },
  { path: 'media', handle: { title: 'media' }, loader: screenLoader('/media'), lazy: withNamespaces(['media'], () => import('../features/media/routes/library')) },
  { path: 'media/upload', handle: { title: 'uploadMedia' }, id: 'media-upload', lazy: withNamespaces(['media', 'exchange'], () => import('../features/media/routes/upload')) },
  { path: 'media/:uuidId', handle: { title: 'mediaItem' }, lazy: withNamespaces(['media'], () => import('../features/media/routes/view')) },
  { path: 'media/:uuidId/edit', handle: { title: 'editMedia' }, lazy: withNamespaces(['media', 'exchange'], () => import('../features/media/routes/edit')) },
  { path: 'me', handle: { title: 'myProfile' }, lazy: withNamespaces(['users', 'exchange'], () => import('./me-page')) },
  { path: 'me/profile', handle: { title: 'updateDetails' }, lazy: withNamespaces(['users'], () => import('../features/users/routes/update-details')) },
  { path: 'me/password', handle: { title: 'changePassword' }, lazy: withNamespaces(['users'], () => import('../features/users/routes/change-password')) },
  { path: 'me/scenarios/:directoryUuid?', handle: { title: 'myScenarios' }, lazy: withNamespaces(['scenarios', 'exchange'], () => import('../features/scenarios/routes/my-scenarios')) },
  { path: 'me/media', handle: { title: 'myMedia' }, lazy: withNamespaces(['media', 'exchange'], () => import('../features/media/routes/my-media')) },
  { path: 'me/forum/groups', handle: { title: 'myGroups' }, loader: screenLoader('/me/forum/groups'), lazy: withNamespaces(['groups'], () => import('../features/groups/routes/my-groups')) },
  {
    path: 'me/provisioning',
    element: <RequireFlag flag="canProvision" />,
    children: [{ index: true, handle: { title: 'licensing' }, lazy: withNamespaces(['licences'], () => import('../features/licences/routes/provisioning')) }],
  },
  {
    path: 'me/claim/:contractId',
    element: <RequireFlag flag="canProvision" />,
    children: [{ index: true, id: 'my-claim', handle: { title: 'claimLicence' }, lazy: withNamespaces(['licences'], () => import('../features/licences/routes/claim')) }],
  },
  {
    path: 'me/pre-release',
    element: <RequireFlag flag="isPreRelease" />,
    children: [{ index: true, handle: { title: 'preRelease' }, lazy: withNamespaces(['misc'], () => import('../features/downloads/routes/pre-release')) }],
  },
  { path: 'me/downloads', handle: { title: 'downloads' }, lazy: withNamespaces(['misc'], () => import('../features/downloads/routes/downloads')) },
  { path: 'me/support', handle: { title: 'support' }, lazy: withNamespaces(['misc'], () => import('../features/site-pages/routes/support')) },
  { path: 'forum/create', handle: { title: 'createGroup' }, id: 'create-forum-group', lazy: withNamespaces(['groups'], () => import('../features/groups/routes/create-group')) },
  { path: 'forum/edit/:groupId', handle: { title: 'editGroup' }, lazy: withNamespaces(['groups', 'feed', 'conversation'], () => import('../features/groups/routes/edit-group')) },
  { path: 'forum/group/:groupId', handle: { title: 'group' }, id: 'forum-group', lazy: withNamespaces(['groups', 'feed', 'conversation', 'exchange'], () => import('../features/groups/routes/group')) },
  { path: 'view-user/:id', handle: { title: 'user' }, lazy: withNamespaces(['users', 'scenarios', 'exchange'], () => import('../features/users/routes/view-user')) },
  { path: 'notifications', handle: { title: 'notifications' }, lazy: () => import('../features/notifications/routes/notifications') },
  { path: 'search', handle: { title: 'search' }, lazy: withNamespaces(['search'], () => import('../features/search/routes/search')) },
  { path: 'post/:postId', handle: { title: 'post' }, lazy: withNamespaces(['feed', 'conversation'], () => import('../features/posts/routes/post')) },
  {
    path: 'admin',
    element: (
      <RequireRole role={Role.Admin}>
        <AdminLayout />
      </RequireRole>
    ),
    // The area's 'admin' texts, which the layout and every screen read, before any of them renders.
    loader: namespacesLoader(['admin']),
    children: [
      { index: true, element: <Navigate to="/admin/analytics" replace /> },
      { path: 'analytics', handle: { title: 'analytics' }, lazy: () => import('../features/admin/routes/analytics') },
      { path: 'users', handle: { title: 'users' }, lazy: () => import('../features/admin/routes/users') },
      { path: 'reported', handle: { title: 'reportedPosts' }, lazy: () => import('../features/admin-posts/routes/reported-posts') },
      { path: 'post', handle: { title: 'postToEveryone' }, lazy: () => import('../features/admin-posts/routes/post-to-everyone') },
      { path: 'reviewmedia', handle: { title: 'reviewMedia' }, lazy: () => import('../features/admin-media/routes/review-media') },
      { path: 'licences', handle: { title: 'licences' }, lazy: withNamespaces(['licences'], () => import('../features/licences/routes/admin-licences')) },
      { path: 'licences/contracts/:contractId', handle: { title: 'contract' }, lazy: withNamespaces(['licences'], () => import('../features/licences/routes/admin-contract')) },
      { path: 'builds', handle: { title: 'appBuilds' }, lazy: () => import('../features/downloads/routes/admin-builds') },
      { path: 'audit', handle: { title: 'auditLog' }, lazy: () => import('../features/admin/routes/audit-log') },
    ],
  },
  { path: 'tms', handle: { title: 'tms' }, loader: screenLoader('/tms'), lazy: withNamespaces(['tms'], () => import('../features/tms/routes/tms')) },
  { path: 'tms/students', handle: { title: 'students' }, lazy: withNamespaces(['tms'], () => import('../features/tms/routes/students')) },
];

/** A screen that fails (or whose code cannot be fetched) shows RouteError inside its layout's frame. */
const withinFrame = (children: RouteObject[]): RouteObject[] => [{ errorElement: <RouteError />, children }];

export const routes: RouteObject[] = [
  {
    // Titles every screen from its route's `handle` (./screen-title).
    element: <ScreenTitle />,
    errorElement: <RouteError />,
    children: [
      { element: <PublicLayout />, children: withinFrame(publicRoutes) },
      { element: <OpenLayout />, children: withinFrame(openRoutes) },
      {
        path: '/',
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: withinFrame([...authedRoutes, { path: '*', handle: { title: 'pageNotFound' }, element: <NotFound /> }]),
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
