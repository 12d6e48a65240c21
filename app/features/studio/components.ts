/**
 * The studio feature's components for other features' studio screens (ADR 58): the frame of
 * every studio screen and its form buttons (the member mailings of docs/requirements.md §13).
 */
export { StudioPage } from "./components/StudioPage";
export { IntentButton } from "./components/IntentButton";
export { default as studioStatusStyles } from "./styles/studio-status.css?url";
