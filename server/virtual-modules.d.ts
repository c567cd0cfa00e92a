// React Router's Vite plugin provides the server build under this id.
declare module "virtual:react-router/server-build";
