export * from './snake-naming.strategy';
export * from './data-source-options';
export * from './migrate';
export * from './transactions';
export * from './service-database.module';
export * from './personal-data';
export * from './prepared-query';
export * from './retention';
