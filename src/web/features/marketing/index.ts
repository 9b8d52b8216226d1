// The marketing feature's public surface: other features and app/ import only from here.
export { DemoDialog } from './components/demo-dialog';
export { PublicLayout } from './components/public-layout';
export { publicPageComponents } from './public-page-components';
export { getPublicPage, publicPages, type PublicPagePath } from './public-routes';
