// The consumer workspace (issue 7), one file per subject under consumer/: identity confirmation, the person's own reports, disputes, privacy controls and the access log, the dashboard, notifications and settings. Shared by the routes and the web forms, so a rule and its message are written once. Imported as '@shared/schemas/consumer'.
export * from './consumer/identity';
export * from './consumer/own-report';
export * from './consumer/disputes';
export * from './consumer/privacy';
export * from './consumer/home';
