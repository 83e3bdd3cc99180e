import "@fontsource-variable/inter";
import "./ui/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { registerServiceWorker, trackOnlineStatus } from "./app/serviceWorker.ts";
import { silenceCanceledRejections } from "./app/unhandledRejections.ts";

silenceCanceledRejections();
trackOnlineStatus();
if (import.meta.env.PROD) registerServiceWorker();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
