// What `npm start` and `npm run dev` serve (scripts/serve.mjs owns the socket, on 127.0.0.1).
import { esbuildPlugin } from '@web/dev-server-esbuild';

export default {
  rootDir: '.',
  nodeResolve: true,
  plugins: [esbuildPlugin({ ts: true, target: 'es2022' })],
  middleware: [
    (context, next) => {
      if (context.url === '/') context.redirect('/demo/');
      return next();
    },
  ],
};
