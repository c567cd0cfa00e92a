export { type StoryDecision, moderateStory, pendingStories, pendingStory, storyIsWaiting } from "./stories.server";
