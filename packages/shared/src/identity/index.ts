// @payportal/shared/identity: everything its files export.
export * from './apiContract.ts';
export * from './authValidators.ts';
export * from './domain.ts';
export * from './internalEmail.ts';
export * from './orgManagement.ts';
export * from './orgManagementRules.ts';
export * from './partners.ts';
export * from './partnerAudit.ts';
export * from './portfolioScope.ts';
export * from './bookLabel.ts';
export * from './roles.ts';
export * from './signInAge.ts';
export * from './signUpHash.ts';
