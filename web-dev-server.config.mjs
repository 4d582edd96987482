// `npm start`: serves the demo pages (built files from dist/) on 127.0.0.1.
// Bind with `--hostname 127.0.0.1` on the command line: the config option alone binds every interface.
import { esbuildPlugin } from '@web/dev-server-esbuild';

export default {
  rootDir: '.',
  port: Number(process.env.PORT ?? 8000),
  nodeResolve: true,
  plugins: [esbuildPlugin({ ts: true, target: 'es2022' })],
  middleware: [
    (context, next) => {
      if (context.url === '/') context.redirect('/demo/');
      return next();
    },
  ],
};
