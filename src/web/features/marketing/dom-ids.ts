// What the prerendered markup and its islands (islands/) agree on: ids and data attributes, nothing else, so an
// island never imports a component (and React with it).
export const MOBILE_MENU_ID = 'public-mobile-menu';
export const DEMO_DIALOG_ID = 'demo-dialog';
/** On every demo button: the kind of request it opens the dialog for ('demo' or 'trial'). */
export const DEMO_KIND_ATTRIBUTE = 'data-demo-kind';
/** The demo dialog's parts, by `data-demo-part`. */
export const DEMO_PARTS = ['title', 'description', 'form', 'failure', 'submit', 'success', 'close'] as const;
export type DemoPart = (typeof DEMO_PARTS)[number];
export const DEMO_FIELDS = ['name', 'email', 'mobile', 'solution'] as const;
export type DemoField = (typeof DEMO_FIELDS)[number];
export const demoFieldId = (field: DemoField | 'website') => `demo-${field}`;
export const demoErrorId = (field: DemoField) => `demo-${field}-error`;
