package rdma.cm;

import rdma.testsupport.ChapterReadmeTest;

/** This chapter's README quotes the code that runs, and names every class of its library. */
class ReadmeTest extends ChapterReadmeTest {
}
