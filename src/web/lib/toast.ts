/**
 * react-toastify without its JS-injected stylesheet: the CSS ships in the CSS bundle instead
 * (styles.css imports it), which keeps the first-visit JavaScript smaller. Import toasts from here.
 */
export { ToastContainer, toast } from 'react-toastify/unstyled';
