package rdma.srq;

import rdma.testsupport.ChapterReadmeTest;

/** This chapter's README quotes the code that runs. */
class ReadmeTest extends ChapterReadmeTest {
}
