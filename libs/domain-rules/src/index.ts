export * from './admin/admin-permissions';
export * from './applications/application-documents';
export * from './messages/user-messages';
export * from './money/amounts';
export * from './money/bank-details';
export * from './money/minimum-withdrawal';
export * from './settings/feature-toggles';
export * from './text/hidden-characters';
