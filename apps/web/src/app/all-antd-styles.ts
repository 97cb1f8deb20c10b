// The antd styles beyond the first screens' (antd-styles.cjs): loaded with the code of every
// page but the landing page and sign-in, and ready before the page draws (routes.tsx). The
// app's own styles follow them again, so that they still override antd's.
import 'virtual:antd-styles-rest.css';
import './styles-after-antd-rest.css';
