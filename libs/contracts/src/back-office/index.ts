export * from './period';
export * from './identity';
export * from './kyc';
export * from './applications';
export * from './ledger';
export * from './views';
export * from './earnings';
